CREATE TABLE `transaction_totals` (
	`user_id` text PRIMARY KEY NOT NULL,
	`income_count` integer DEFAULT 0 NOT NULL,
	`expense_count` integer DEFAULT 0 NOT NULL,
	`income_usd_cents` integer DEFAULT 0 NOT NULL,
	`expense_usd_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- hand-written: the triggers that keep the list's totals, and the backfill (as migration 0004 keeps
-- the payments'). Each does a constant amount of work per transaction row (an upsert or a keyed
-- update), never a sum over the user's rows, so bulk writes stay linear.
CREATE TRIGGER `transactions_totals_after_insert` AFTER INSERT ON `transactions` BEGIN
	INSERT INTO `transaction_totals` (`user_id`, `income_count`, `expense_count`, `income_usd_cents`, `expense_usd_cents`)
		VALUES (NEW.`user_id`, NEW.`type` = 'INCOME', NEW.`type` = 'EXPENSE',
			CASE WHEN NEW.`type` = 'INCOME' THEN NEW.`usd_cents` ELSE 0 END, CASE WHEN NEW.`type` = 'EXPENSE' THEN NEW.`usd_cents` ELSE 0 END)
		ON CONFLICT (`user_id`) DO UPDATE SET
			`income_count` = `income_count` + excluded.`income_count`,
			`expense_count` = `expense_count` + excluded.`expense_count`,
			`income_usd_cents` = `income_usd_cents` + excluded.`income_usd_cents`,
			`expense_usd_cents` = `expense_usd_cents` + excluded.`expense_usd_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `transactions_totals_after_delete` AFTER DELETE ON `transactions` BEGIN
	UPDATE `transaction_totals` SET
		`income_count` = `income_count` - (OLD.`type` = 'INCOME'),
		`expense_count` = `expense_count` - (OLD.`type` = 'EXPENSE'),
		`income_usd_cents` = `income_usd_cents` - CASE WHEN OLD.`type` = 'INCOME' THEN OLD.`usd_cents` ELSE 0 END,
		`expense_usd_cents` = `expense_usd_cents` - CASE WHEN OLD.`type` = 'EXPENSE' THEN OLD.`usd_cents` ELSE 0 END
		WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
-- An edit may change the type (income to expense) and the USD total: the old row comes off, the new one goes on.
CREATE TRIGGER `transactions_totals_after_update` AFTER UPDATE OF `user_id`, `type`, `usd_cents` ON `transactions` BEGIN
	UPDATE `transaction_totals` SET
		`income_count` = `income_count` - (OLD.`type` = 'INCOME'),
		`expense_count` = `expense_count` - (OLD.`type` = 'EXPENSE'),
		`income_usd_cents` = `income_usd_cents` - CASE WHEN OLD.`type` = 'INCOME' THEN OLD.`usd_cents` ELSE 0 END,
		`expense_usd_cents` = `expense_usd_cents` - CASE WHEN OLD.`type` = 'EXPENSE' THEN OLD.`usd_cents` ELSE 0 END
		WHERE `user_id` = OLD.`user_id`;
	INSERT INTO `transaction_totals` (`user_id`, `income_count`, `expense_count`, `income_usd_cents`, `expense_usd_cents`)
		VALUES (NEW.`user_id`, NEW.`type` = 'INCOME', NEW.`type` = 'EXPENSE',
			CASE WHEN NEW.`type` = 'INCOME' THEN NEW.`usd_cents` ELSE 0 END, CASE WHEN NEW.`type` = 'EXPENSE' THEN NEW.`usd_cents` ELSE 0 END)
		ON CONFLICT (`user_id`) DO UPDATE SET
			`income_count` = `income_count` + excluded.`income_count`,
			`expense_count` = `expense_count` + excluded.`expense_count`,
			`income_usd_cents` = `income_usd_cents` + excluded.`income_usd_cents`,
			`expense_usd_cents` = `expense_usd_cents` + excluded.`expense_usd_cents`;
END;
--> statement-breakpoint
INSERT INTO `transaction_totals` (`user_id`, `income_count`, `expense_count`, `income_usd_cents`, `expense_usd_cents`)
	SELECT `user_id`, sum(`type` = 'INCOME'), sum(`type` = 'EXPENSE'),
		sum(CASE WHEN `type` = 'INCOME' THEN `usd_cents` ELSE 0 END), sum(CASE WHEN `type` = 'EXPENSE' THEN `usd_cents` ELSE 0 END)
	FROM `transactions` GROUP BY `user_id`;
