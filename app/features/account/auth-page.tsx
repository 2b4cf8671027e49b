import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The narrow page of sign-in, registration and the account links: its
 * heading, an optional intro, the content and a line of links below.
 */
export function AuthPage({
  title,
  intro,
  footer,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  footer?: ReactNode;
  /** The registration form's wider column. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${wide ? "max-w-lg" : "max-w-md"} px-4 py-16`}>
      <h1 className="text-3xl font-bold">{title}</h1>
      {intro ? <p className="mt-2 text-slate-600 dark:text-slate-300">{intro}</p> : null}
      {children}
      {footer ? <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">{footer}</p> : null}
    </div>
  );
}

/** The link back to /login under an account page. */
export function SignInLink({ children = "Back to Sign In" }: { children?: ReactNode }) {
  return (
    <Link to="/login" className="link">
      {children}
    </Link>
  );
}
