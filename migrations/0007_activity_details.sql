ALTER TABLE `activity_log` ADD `details` text;--> statement-breakpoint
-- Decision 025: the values of entries written before, read back from their English description
-- (the patterns the profile page matched by exact string). A row that fits none keeps details NULL
-- and is shown as stored.
UPDATE `activity_log` SET `details` = '{}' WHERE (`action`, `description`) IN (VALUES
  ('sign_up', 'Account created'), ('login', 'Signed in'), ('logout', 'Signed out'), ('profile_update', 'Profile updated'),
  ('password_change', 'Password changed'), ('account_deactivated', 'Account deactivated by an administrator'),
  ('account_reactivated', 'Account reactivated by an administrator'), ('signin_unlocked', 'Sign-in unlocked by an administrator'));--> statement-breakpoint
UPDATE `activity_log` SET `details` = '{"reason":"wrongPassword"}' WHERE `action` = 'login_failed' AND `description` = 'Failed sign-in attempt';--> statement-breakpoint
UPDATE `activity_log` SET `details` = '{"reason":"deactivated"}' WHERE `action` = 'login_failed' AND `description` = 'Sign-in attempt on a deactivated account';--> statement-breakpoint
UPDATE `activity_log` SET `details` = '{"by":"admin"}' WHERE `action` = 'profile_update' AND `description` = 'Profile updated by an administrator';--> statement-breakpoint
UPDATE `activity_log` SET `details` = json_object('role', substr(`description`, 17)) WHERE `action` = 'role_change' AND `description` IN ('Role changed to superadmin', 'Role changed to user');--> statement-breakpoint
UPDATE `activity_log` SET `details` = json_object('description', `description`) WHERE `action` IN ('transaction_create', 'transaction_update', 'transaction_delete');--> statement-breakpoint
UPDATE `activity_log` SET `details` = json_object('count', CAST(`description` AS INTEGER)) WHERE `action` = 'transactions_create' AND `description` GLOB '[1-9]*' AND `description` NOT GLOB '*[^0-9]*' AND length(`description`) <= 15;--> statement-breakpoint
UPDATE `activity_log` SET `details` = json_object('name', `description`) WHERE `action` IN ('goal_create', 'goal_update', 'goal_delete', 'goal_progress');--> statement-breakpoint
UPDATE `activity_log` SET `details` = json_object('currency', `description`) WHERE `action` IN ('currency_activate', 'currency_deactivate') AND `description` GLOB '[A-Z][A-Z][A-Z]';--> statement-breakpoint
-- "EUR 0.92 (2026-01-05)"
UPDATE `activity_log` SET `details` = json_object('currency', substr(`description`, 1, 3), 'rate', substr(`description`, 5, length(`description`) - 17), 'date', substr(`description`, -11, 10))
  WHERE `action` = 'exchange_rate_manual' AND `description` GLOB '[A-Z][A-Z][A-Z] [0-9]* ([0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9])' AND substr(`description`, 5, length(`description`) - 17) NOT GLOB '*[^0-9.]*';--> statement-breakpoint
-- "Food, 2026-01"
UPDATE `activity_log` SET `details` = json_object('category', substr(`description`, 1, length(`description`) - 9), 'month', substr(`description`, -7))
  WHERE `action` IN ('budget_create', 'budget_update', 'budget_delete') AND `description` GLOB '?*, [0-9][0-9][0-9][0-9]-[0-9][0-9]';--> statement-breakpoint
-- "3, 2026-01 → 2026-02"
UPDATE `activity_log` SET `details` = json_object('count', CAST(substr(`description`, 1, length(`description`) - 19) AS INTEGER), 'from', substr(`description`, -17, 7), 'to', substr(`description`, -7))
  WHERE `action` = 'budget_copy' AND `description` GLOB '[1-9]*, [0-9][0-9][0-9][0-9]-[0-9][0-9] → [0-9][0-9][0-9][0-9]-[0-9][0-9]' AND substr(`description`, 1, length(`description`) - 19) NOT GLOB '*[^0-9]*';
