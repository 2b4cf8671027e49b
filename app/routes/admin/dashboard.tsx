import { DashboardScreen } from "#app/features/admin/dashboard/dashboard-screen.tsx";

export default function DashboardPage() {
  return <DashboardScreen />;
}
