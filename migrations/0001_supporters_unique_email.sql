DROP INDEX `supporters_email_idx`;--> statement-breakpoint
-- Hand-added: keep only the newest row per email (case-insensitive) so the unique index can be built.
DELETE FROM `supporters` WHERE `rowid` NOT IN (SELECT max(`rowid`) FROM `supporters` GROUP BY lower(`email`));--> statement-breakpoint
CREATE UNIQUE INDEX `supporters_email_lower_uq` ON `supporters` (lower("email"));
