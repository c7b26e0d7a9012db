-- Counts kept by the database (db/schema.ts `counters`): the number of supporters, so /support
-- and POST /api/supporters answer it without reading the whole table (issue 20 §3). Triggers keep
-- it exact whatever inserts or deletes a row (the sign-up's upsert, the seed, a cascade).
INSERT INTO `counters` (`name`, `value`) SELECT 'supporters', count(*) FROM `supporters`;
--> statement-breakpoint
CREATE TRIGGER `supporters_count_insert` AFTER INSERT ON `supporters` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'supporters';
END;
--> statement-breakpoint
CREATE TRIGGER `supporters_count_delete` AFTER DELETE ON `supporters` BEGIN
  UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = 'supporters';
END;
