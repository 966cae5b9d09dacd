import { PageMeta } from "../../components/page-meta";

export function SignupPage() {
  return (
    <section>
      <PageMeta title="Sign up" description="Sign up" path="/signup" />
      <h1>Sign up</h1>
    </section>
  );
}
