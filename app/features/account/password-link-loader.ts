import { data, type LoaderFunctionArgs } from "react-router";
import { ONE_TIME_LINK_HEADERS, type PasswordLinkPurpose } from "#common/one-time-links.ts";
import { siteServicesContext } from "#common/site-context.ts";

/**
 * The loader of a password reset or invitation page: whether the link in its
 * address still works (null: no token), so a used, replaced or expired link
 * says so at once instead of after the form is filled in.
 */
export function passwordLinkLoader(purpose: PasswordLinkPurpose) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const token = new URL(request.url).searchParams.get("token");
    const usable =
      token === null
        ? null
        : await context.get(siteServicesContext).account.isPasswordLinkUsable(purpose, token);
    // Never stored by the page cache or a browser: the answer depends on the link's token.
    return data({ usable }, { headers: ONE_TIME_LINK_HEADERS });
  };
}
