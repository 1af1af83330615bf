CREATE TABLE `payment_currency_totals` (
	`user_id` text NOT NULL,
	`currency_code` text NOT NULL,
	`amount_minor` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `currency_code`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payment_currency_totals_amount_limit" CHECK("payment_currency_totals"."amount_minor" <= 1000000000000000)
);
--> statement-breakpoint
CREATE TABLE `payment_totals` (
	`user_id` text PRIMARY KEY NOT NULL,
	`usd_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payment_totals_usd_limit" CHECK("payment_totals"."usd_cents" <= 1000000000000000)
);
--> statement-breakpoint
-- hand-written: the triggers that keep the totals, and the backfill (decision 011). Each trigger does
-- a constant amount of work per payment row (an upsert or a keyed update), never a sum over the
-- user's rows, so bulk loads (the bench's 50,000 transactions) stay linear.
CREATE TRIGGER `payments_totals_after_insert` AFTER INSERT ON `payments` BEGIN
	INSERT INTO `payment_totals` (`user_id`, `usd_cents`) VALUES (NEW.`user_id`, NEW.`usd_cents`)
		ON CONFLICT (`user_id`) DO UPDATE SET `usd_cents` = `usd_cents` + excluded.`usd_cents`;
	INSERT INTO `payment_currency_totals` (`user_id`, `currency_code`, `amount_minor`) VALUES (NEW.`user_id`, NEW.`currency_code`, NEW.`amount_minor`)
		ON CONFLICT (`user_id`, `currency_code`) DO UPDATE SET `amount_minor` = `amount_minor` + excluded.`amount_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_totals_after_delete` AFTER DELETE ON `payments` BEGIN
	UPDATE `payment_totals` SET `usd_cents` = `usd_cents` - OLD.`usd_cents` WHERE `user_id` = OLD.`user_id`;
	UPDATE `payment_currency_totals` SET `amount_minor` = `amount_minor` - OLD.`amount_minor`
		WHERE `user_id` = OLD.`user_id` AND `currency_code` = OLD.`currency_code`;
END;
--> statement-breakpoint
-- The app replaces payments (delete + insert) and never updates them in place; this keeps the totals
-- right if anything ever does. The old row comes off before the new one goes on, so an update
-- within the limit never trips it on the way.
CREATE TRIGGER `payments_totals_after_update` AFTER UPDATE OF `user_id`, `currency_code`, `amount_minor`, `usd_cents` ON `payments` BEGIN
	UPDATE `payment_totals` SET `usd_cents` = `usd_cents` - OLD.`usd_cents` WHERE `user_id` = OLD.`user_id`;
	UPDATE `payment_currency_totals` SET `amount_minor` = `amount_minor` - OLD.`amount_minor`
		WHERE `user_id` = OLD.`user_id` AND `currency_code` = OLD.`currency_code`;
	INSERT INTO `payment_totals` (`user_id`, `usd_cents`) VALUES (NEW.`user_id`, NEW.`usd_cents`)
		ON CONFLICT (`user_id`) DO UPDATE SET `usd_cents` = `usd_cents` + excluded.`usd_cents`;
	INSERT INTO `payment_currency_totals` (`user_id`, `currency_code`, `amount_minor`) VALUES (NEW.`user_id`, NEW.`currency_code`, NEW.`amount_minor`)
		ON CONFLICT (`user_id`, `currency_code`) DO UPDATE SET `amount_minor` = `amount_minor` + excluded.`amount_minor`;
END;
--> statement-breakpoint
-- Backfill. A user already past the limit (possible only before this migration) is recorded at
-- the limit rather than failing the migration: they can still delete, and cannot add until the
-- recorded total drops below the limit again.
INSERT INTO `payment_totals` (`user_id`, `usd_cents`)
	SELECT `user_id`, min(sum(`usd_cents`), 1000000000000000) FROM `payments` GROUP BY `user_id`;
--> statement-breakpoint
INSERT INTO `payment_currency_totals` (`user_id`, `currency_code`, `amount_minor`)
	SELECT `user_id`, `currency_code`, min(sum(`amount_minor`), 1000000000000000) FROM `payments` GROUP BY `user_id`, `currency_code`;
