export default function Screen() {
  return <p>Loading...</p>;
}
