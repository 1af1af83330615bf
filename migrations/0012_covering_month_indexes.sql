DROP INDEX `payments_transaction_idx`;--> statement-breakpoint
CREATE INDEX `payments_transaction_idx` ON `payments` (`transaction_id`,`position`,`user_id`,`currency_code`,`amount_minor`,`usd_cents`);--> statement-breakpoint
DROP INDEX `transactions_user_date_totals_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_type_date_totals_idx`;--> statement-breakpoint
CREATE INDEX `transactions_user_date_totals_idx` ON `transactions` (`user_id`,`date`,`type`,`usd_cents`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_user_type_date_totals_idx` ON `transactions` (`user_id`,`type`,`date`,`usd_cents`,`category_id`);