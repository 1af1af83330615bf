CREATE TABLE `import_file_chunks` (
	`import_id` text NOT NULL,
	`seq` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`import_id`, `seq`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `import_mappings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`header_fingerprint` text NOT NULL,
	`mapping` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_mappings_user_fingerprint_unique` ON `import_mappings` (`user_id`,`header_fingerprint`);--> statement-breakpoint
CREATE TABLE `import_rows` (
	`import_id` text NOT NULL,
	`line` integer NOT NULL,
	`status` text NOT NULL,
	`included` integer NOT NULL,
	`data` text NOT NULL,
	PRIMARY KEY(`import_id`, `line`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_rows_status_idx` ON `import_rows` (`import_id`,`status`,`line`);--> statement-breakpoint
CREATE TABLE `imports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'staged' NOT NULL,
	`file_name` text NOT NULL,
	`byte_size` integer NOT NULL,
	`encoding` text NOT NULL,
	`delimiter` text NOT NULL,
	`header` text NOT NULL,
	`header_fingerprint` text NOT NULL,
	`own_export` integer DEFAULT false NOT NULL,
	`mapping` text,
	`apply_suggested_rates` integer DEFAULT false NOT NULL,
	`row_count` integer DEFAULT 0 NOT NULL,
	`result` text,
	`created_records` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`committed_at` integer,
	`undone_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `imports_user_created_idx` ON `imports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `imports_expires_idx` ON `imports` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `sample_records` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`record_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `record_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `transactions` ADD `import_id` text;--> statement-breakpoint
CREATE INDEX `transactions_import_idx` ON `transactions` (`user_id`,`import_id`) WHERE "transactions"."import_id" is not null;