import { MediaScreen } from "../../features/admin/media/media-screen.tsx";

export default function MediaLibrary() {
  return <MediaScreen />;
}
