CREATE TABLE `recurring_occurrences` (
	`recurring_id` text NOT NULL,
	`due_date` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`transaction_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`recurring_id`, `due_date`),
	FOREIGN KEY (`recurring_id`) REFERENCES `recurring_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `recurring_occurrences_transaction_idx` ON `recurring_occurrences` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `recurring_payments` (
	`recurring_id` text NOT NULL,
	`position` integer NOT NULL,
	`currency_code` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`method` text DEFAULT 'cash' NOT NULL,
	PRIMARY KEY(`recurring_id`, `position`),
	FOREIGN KEY (`recurring_id`) REFERENCES `recurring_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`currency_code`) REFERENCES `currencies`(`code`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "recurring_payments_amount_positive" CHECK("recurring_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE `recurring_tags` (
	`recurring_id` text NOT NULL,
	`tag_id` text NOT NULL,
	PRIMARY KEY(`recurring_id`, `tag_id`),
	FOREIGN KEY (`recurring_id`) REFERENCES `recurring_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recurring_tags_tag_idx` ON `recurring_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `recurring_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`description` text NOT NULL,
	`category_id` text,
	`frequency` text NOT NULL,
	`interval` integer DEFAULT 1 NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`occurrence_limit` integer,
	`next_date` text,
	`paused_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "recurring_transactions_interval_range" CHECK("recurring_transactions"."interval" between 1 and 365),
	CONSTRAINT "recurring_transactions_limit_positive" CHECK("recurring_transactions"."occurrence_limit" is null or "recurring_transactions"."occurrence_limit" > 0)
);
--> statement-breakpoint
CREATE INDEX `recurring_transactions_user_next_idx` ON `recurring_transactions` (`user_id`,`next_date`);--> statement-breakpoint
CREATE INDEX `recurring_transactions_next_idx` ON `recurring_transactions` (`next_date`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `recurring_id` text REFERENCES recurring_transactions(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `transactions` ADD `occurrence_date` text;--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;