DROP INDEX `transactions_user_category_idx`;--> statement-breakpoint
CREATE INDEX `transactions_category_user_idx` ON `transactions` (`category_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `budgets_category_idx` ON `budgets` (`category_id`);--> statement-breakpoint
CREATE INDEX `goal_entries_user_idx` ON `goal_entries` (`user_id`);--> statement-breakpoint
CREATE INDEX `recurring_occurrences_user_idx` ON `recurring_occurrences` (`user_id`);--> statement-breakpoint
CREATE INDEX `recurring_transactions_category_idx` ON `recurring_transactions` (`category_id`);