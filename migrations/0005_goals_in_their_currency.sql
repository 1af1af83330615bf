-- Savings goals in their own currency, with a history of entries (issue 12). Edited by hand from
-- drizzle-kit's output: the copy maps the old USD columns onto the new ones (drizzle-kit read the
-- renamed columns from the old table), the CHECKs name their columns without the table, which is
-- renamed, and the goals table is rebuilt before goal_entries refers to it.
CREATE TABLE `__new_savings_goals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`currency_code` text DEFAULT 'USD' NOT NULL,
	`target_minor` integer NOT NULL,
	`saved_minor` integer DEFAULT 0 NOT NULL,
	`target_date` text,
	`description` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`currency_code`) REFERENCES `currencies`(`code`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "savings_goals_target_positive" CHECK("target_minor" > 0),
	CONSTRAINT "savings_goals_saved_not_negative" CHECK("saved_minor" >= 0)
);
--> statement-breakpoint
-- Until now goals were USD cents (only the demo seed wrote them); a goal without a positive target could not be shown and is not kept.
INSERT INTO `__new_savings_goals`("id", "user_id", "name", "currency_code", "target_minor", "saved_minor", "target_date", "description", "created_at", "updated_at")
	SELECT "id", "user_id", "name", 'USD', "target_usd_cents", max("current_usd_cents", 0), "target_date", "description", "created_at", "updated_at"
	FROM `savings_goals` WHERE "target_usd_cents" > 0;--> statement-breakpoint
DROP TABLE `savings_goals`;--> statement-breakpoint
ALTER TABLE `__new_savings_goals` RENAME TO `savings_goals`;--> statement-breakpoint
CREATE INDEX `savings_goals_user_idx` ON `savings_goals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `goal_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`goal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`goal_id`) REFERENCES `savings_goals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "goal_entries_amount_not_zero" CHECK("amount_minor" <> 0)
);
--> statement-breakpoint
CREATE INDEX `goal_entries_goal_idx` ON `goal_entries` (`goal_id`,`date`);--> statement-breakpoint
-- What was saved so far becomes each goal's first entry, so the saved amount is the sum of its entries from the start.
INSERT INTO `goal_entries` ("id", "goal_id", "user_id", "date", "amount_minor", "note", "created_at")
	SELECT lower(hex(randomblob(16))), "id", "user_id", date("created_at" / 1000, 'unixepoch'), "saved_minor", NULL, "created_at"
	FROM `savings_goals` WHERE "saved_minor" > 0;
