import { PageMeta } from "../../components/page-meta";

export function DashboardPage() {
  return (
    <section>
      <PageMeta title="Dashboard" description="Dashboard" path="/dashboard" />
      <h1>Dashboard</h1>
    </section>
  );
}
