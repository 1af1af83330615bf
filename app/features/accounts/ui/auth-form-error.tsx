import { useTranslation } from "react-i18next";
import { Alert } from "~/components/forms";

/**
 * The sign-in and registration forms' error above the fields. The slot keeps its height when
 * empty so the fields do not jump; a throttled answer fills in its wait (60 s before the server says).
 */
export function AuthFormError({ id, error, retryAfter }: { id: string; error: string | undefined; retryAfter: number | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-12">
      {error ? (
        <Alert tone="error">
          <span id={id}>{t(error, { seconds: retryAfter ?? 60 })}</span>
        </Alert>
      ) : null}
    </div>
  );
}
