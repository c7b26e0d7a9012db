-- The project browser's full-text index (issue 9, ADR 021). An FTS5 table keyed by the projects
-- row's rowid, holding the searchable text: title, short description, category, university, tags
-- (space separated) and the creator's name. Triggers keep it in step with every write to those
-- columns; a purchase (which only changes counters) never touches it. Drafts are indexed too: the
-- query applies the same visibility rule as every other list.
CREATE VIRTUAL TABLE `projects_fts` USING fts5(
	`title`, `short_description`, `category`, `university`, `tags`, `creator_name`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `projects_fts` (rowid, `title`, `short_description`, `category`, `university`, `tags`, `creator_name`)
SELECT p.rowid, p.title, p.short_description, p.category, coalesce(p.university_name, ''),
	coalesce((SELECT group_concat(t.value, ' ') FROM json_each(p.tags) t), ''),
	coalesce(json_extract(p.creator_info, '$.name'), '')
FROM `projects` p;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_insert` AFTER INSERT ON `projects` BEGIN
	INSERT INTO `projects_fts` (rowid, `title`, `short_description`, `category`, `university`, `tags`, `creator_name`)
	VALUES (new.rowid, new.title, new.short_description, new.category, coalesce(new.university_name, ''),
		coalesce((SELECT group_concat(t.value, ' ') FROM json_each(new.tags) t), ''),
		coalesce(json_extract(new.creator_info, '$.name'), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_update` AFTER UPDATE OF `title`, `short_description`, `category`, `university_name`, `tags`, `creator_info` ON `projects` BEGIN
	DELETE FROM `projects_fts` WHERE rowid = old.rowid;
	INSERT INTO `projects_fts` (rowid, `title`, `short_description`, `category`, `university`, `tags`, `creator_name`)
	VALUES (new.rowid, new.title, new.short_description, new.category, coalesce(new.university_name, ''),
		coalesce((SELECT group_concat(t.value, ' ') FROM json_each(new.tags) t), ''),
		coalesce(json_extract(new.creator_info, '$.name'), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_delete` AFTER DELETE ON `projects` BEGIN
	DELETE FROM `projects_fts` WHERE rowid = old.rowid;
END;
