/** Column defaults the schema's tables share. */
import { sql } from "drizzle-orm";

/** Now, in integer milliseconds since the epoch (the schema's timestamp convention). */
export const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
