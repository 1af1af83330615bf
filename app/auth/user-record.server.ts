import { users } from "~/platform/db/schema";

/**
 * The user columns an identity check hands on (the API caller, the admin list): never the
 * password hash. Here rather than in the accounts feature because auth imports no feature.
 */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  timeZone: users.timeZone,
  emailVerifiedAt: users.emailVerifiedAt,
  onboardingDismissedAt: users.onboardingDismissedAt,
  createdAt: users.createdAt,
};

export type UserRecord = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
  /** The IANA zone whose calendar date is the user's today (decision 032). */
  timeZone: string;
  /** When the address was confirmed by its mailed link; null until then (issue 25). */
  emailVerifiedAt: Date | null;
  /** When the user hid the dashboard's first-run checklist; null while it shows (issue 27). */
  onboardingDismissedAt: Date | null;
  createdAt: Date;
};
