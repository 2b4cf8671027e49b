import { Link } from "react-router";

export default function AdminNotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">This admin page does not exist.</p>
      <Link to="/admin/dashboard" className="btn-primary mt-6">
        Back to Dashboard
      </Link>
    </section>
  );
}
