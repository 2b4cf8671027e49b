import { Spinner } from "#app/components/ui/form.tsx";
import { LoadFailed } from "#app/components/ui/list-parts.tsx";
import { PageHeader } from "#app/features/admin/ui.tsx";
import { useAuth } from "#app/lib/auth.tsx";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import type { Profile, ActiveSession as Session } from "#common/types.ts";
import { DetailsCard } from "./details-card.tsx";
import { EmailCard } from "./email-card.tsx";
import { PasswordCard } from "./password-card.tsx";
import { SessionsCard } from "./sessions-card.tsx";

/** /admin/profile: every signed-in role's own account. */
export function ProfileScreen() {
  const auth = useAuth();
  const {
    data: profile,
    error,
    reload,
    setData: setProfile,
  } = useApiQuery<Profile>("/auth/me/profile");
  const sessions = useApiQuery<Session[]>("/auth/me/sessions");

  if (error) return <LoadFailed onRetry={reload}>Failed to load your profile.</LoadFailed>;
  if (!profile) return <Spinner />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Profile"
        subtitle="Your own account: details, password, e-mail and sessions."
      />
      <DetailsCard
        profile={profile}
        onSaved={(saved) => {
          setProfile(saved);
          const { avatar_url: _avatar, ...user } = saved;
          auth.setUser(user);
        }}
      />
      <PasswordCard onChanged={sessions.reload} />
      <EmailCard profile={profile} />
      <SessionsCard query={sessions} />
    </div>
  );
}
