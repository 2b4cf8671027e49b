import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { STAFF_COOKIE } from "#common/site-context.ts";
import type { User } from "#common/types.ts";
import {
  ApiError,
  api,
  clearStoredAuth,
  failureText,
  TOKEN_KEY,
  UNAUTHORIZED_EVENT,
  USER_KEY,
} from "./api.ts";

type AuthStatus = "loading" | "authenticated" | "unauthenticated";

type AuthState = {
  status: AuthStatus;
  user: User | null;
  error: string | null;
  /** `website`: the sign-in form's honeypot, sent only when something filled it. */
  login(email: string, password: string, website?: string): Promise<User>;
  /** Demo mode: signs in as the demo admin (the server knows the password, the page does not). */
  demoLogin(): Promise<User>;
  logout(): Promise<void>;
  /**
   * Ends every session of this user on the server, this one included, then
   * signs out here. Throws (and stays signed in) when the server did not do it.
   */
  logoutEverywhere(): Promise<void>;
  /** Signs out here only: the server already ended the session (the account was deleted or deactivated). */
  forgetSession(): void;
  setUser(user: User): void;
};

const AuthContext = createContext<AuthState | null>(null);

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

function store(token: string | null, user: User | null) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    throw new Error("Could not store authentication data");
  }
}

/**
 * Auth state (spec section 4): with a stored token and user, authenticated at
 * once and refreshed in the background; with a token only, the user is fetched
 * and the token dropped if none comes back; no token, unauthenticated.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>("loading");
  const [user, setUserState] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = useCallback(() => {
    clearStoredAuth();
    setUserState(null);
    setStatus("unauthenticated");
  }, []);

  useEffect(() => {
    let token: string | null = null;
    try {
      token = localStorage.getItem(TOKEN_KEY);
    } catch {
      token = null;
    }
    if (!token) {
      setStatus("unauthenticated");
      return;
    }
    const stored = readStoredUser();
    if (stored) {
      setUserState(stored);
      setStatus("authenticated");
    }
    api<{ data: User }>("/auth/me")
      .then(({ data }) => {
        if (!data) throw new Error("No user data received from server");
        store(null, data);
        setUserState(data);
        setStatus("authenticated");
      })
      .catch((e: unknown) => {
        // A 401 already cleared everything; other failures keep a stored user.
        if (e instanceof ApiError && e.status === 401) reset();
        else if (!stored) reset();
      });
  }, [reset]);

  // A signed-in browser says so to the page cache, so the public pages it
  // opens are rendered fresh, never a stored or stale copy (not an
  // authentication: the cookie only bypasses the cache).
  useEffect(() => {
    if (status === "loading") return;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain flag; the Cookie Store API is not in every browser yet
    document.cookie =
      status === "authenticated"
        ? `${STAFF_COOKIE}=1; path=/; samesite=lax`
        : `${STAFF_COOKIE}=; path=/; samesite=lax; max-age=0`;
  }, [status]);

  useEffect(() => {
    const onUnauthorized = () => reset();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [reset]);

  const signIn = useCallback(async (path: string, body?: unknown) => {
    setError(null);
    try {
      const json = await api<{ token?: string; data?: User }>(path, {
        method: "POST",
        ...(body === undefined ? {} : { body }),
      });
      const token = json.token;
      if (!token) throw new Error("No token received from server");
      if (!json.data) throw new Error("No user data received from server");
      store(token, json.data);
      setUserState(json.data);
      setStatus("authenticated");
      return json.data;
    } catch (e) {
      setUserState(null);
      const message = failureText("", e, { otherwise: "Login failed. Please try again." });
      setError(message);
      throw e;
    }
  }, []);

  const login = useCallback(
    (email: string, password: string, website?: string) =>
      signIn("/auth/login", {
        email: email.trim().toLowerCase(),
        password,
        ...(website ? { website } : {}),
      }),
    [signIn],
  );
  const demoLogin = useCallback(() => signIn("/auth/demo"), [signIn]);

  const logout = useCallback(async () => {
    try {
      await api("/auth/logout", { method: "POST" });
    } catch {
      // The server may already have forgotten the session; we sign out anyway.
    }
    reset();
  }, [reset]);

  const logoutEverywhere = useCallback(async () => {
    try {
      await api("/auth/logout-all", { method: "POST" });
    } catch (e) {
      // A 401: this session had already ended, and the API client signed us out.
      if (!(e instanceof ApiError && e.status === 401)) throw e;
    }
    reset();
  }, [reset]);

  const setUser = useCallback((next: User) => {
    store(null, next);
    setUserState(next);
  }, []);

  const value = useMemo(
    () => ({
      status,
      user,
      error,
      login,
      demoLogin,
      logout,
      logoutEverywhere,
      forgetSession: reset,
      setUser,
    }),
    [status, user, error, login, demoLogin, logout, logoutEverywhere, reset, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}
