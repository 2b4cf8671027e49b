import { z } from "@hono/zod-openapi";
import { UserSchema } from "#common/schemas/responses.ts";
import { dataResponsesWith } from "#server/http/responses.ts";
import { createRouter, routesFor } from "#server/http/router.ts";
import { AppError } from "#server/lib/app-error.ts";
import { DEMO_ADMIN } from "#server/seed/demo-content.ts";

const { route } = routesFor("Auth");

const demoSignIn = route("POST /auth/demo", "demoLogin", {
  summary: "Demo mode only: sign in as the demo admin (the sign-in page's demo button)",
  responses: dataResponsesWith(
    UserSchema,
    { token: z.string() },
    "Signed in as the demo admin: a bearer token and the user",
    [403, 404, 429],
  ),
});

/**
 * The demo button signs in here, so the demo admin's password never has to
 * be in a page. Outside demo mode the call does not exist (404).
 */
export function demoApi(options: { demoMode: boolean }) {
  return createRouter().openapi(demoSignIn, async (c) => {
    if (!options.demoMode) throw AppError.notFound("No API route for POST /api/auth/demo");
    const { token, user } = await c.var.services.auth.login(
      { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      { userAgent: c.req.header("user-agent") },
    );
    return c.json({ success: true as const, token, data: user }, 200);
  });
}
