DROP INDEX `transactions_user_date_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_type_date_idx`;--> statement-breakpoint
CREATE INDEX `transactions_user_date_totals_idx` ON `transactions` (`user_id`,`date`,`type`,`usd_cents`);--> statement-breakpoint
CREATE INDEX `transactions_user_type_date_totals_idx` ON `transactions` (`user_id`,`type`,`date`,`usd_cents`);