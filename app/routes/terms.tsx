import { pageMeta, rootFromMatches } from "../lib/seo.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Terms and Conditions",
    root: rootFromMatches(matches),
    path: "/terms",
  });
}

export default function Terms() {
  const name = useRootData()?.settings.general.siteTitle || "our company";
  return (
    <div className="prose-content mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold">Terms and Conditions</h1>
      <p>By creating an account on this website you agree to these terms.</p>
      <h2>Accounts</h2>
      <p>
        Accounts are for people who write for {name}. A new account can sign in once an
        administrator approves it. Keep your password private; you are responsible for what is
        published under your account.
      </p>
      <h2>Content</h2>
      <p>
        Only publish content you have the right to publish. Administrators may edit or remove
        content that breaks the law or these terms.
      </p>
      <h2>Privacy</h2>
      <p>
        We store your name, username and e-mail address to run your account, and messages sent
        through the contact form to answer them. We do not sell personal data.
      </p>
    </div>
  );
}
