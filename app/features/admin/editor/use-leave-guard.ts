import { type RefObject, useEffect } from "react";
import { useBlocker } from "react-router";

export const UNSAVED_MESSAGE = "You have unsaved changes. Leave this page?";

/**
 * Leaving with unsaved changes asks first: in-app navigation (a confirm) and
 * the browser (its own beforeunload prompt). `saved` lets a successful save
 * leave without asking.
 */
export function useLeaveGuard(dirty: boolean, saved: RefObject<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (saved.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, saved]);
}
