import { createRouter } from "#server/http/router.ts";
import { AppError } from "#server/lib/app-error.ts";
import { DEMO_ADMIN } from "#server/seed/demo-content.ts";
import { demoCalls } from "./contract/accounts.ts";

export function demoApi(options: { demoMode: boolean }) {
  return createRouter().openapi(demoCalls.demoSignIn, async (c) => {
    if (!options.demoMode) throw AppError.notFound("No API route for POST /api/auth/demo");
    const { token, user } = await c.var.services.auth.login(
      { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      { userAgent: c.req.header("user-agent") },
    );
    return c.json({ success: true as const, token, data: user }, 200);
  });
}
