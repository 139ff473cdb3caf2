-- One conversation with room at a time per channel contact: the find-or-create of a contact's
-- conversation relies on it instead of a lock (rows written under that lock are already unique).
CREATE UNIQUE INDEX "conversations_contact_open_idx" ON "conversations" USING btree ("channel_id","contact_id") WHERE contact_id is not null and message_count < 200;