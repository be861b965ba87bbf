-- ChannelPrivateAddressEnabled now defaults to off (security review 3, N10). An installation that
-- already has a channel with its own base URL (Ollama, vLLM, a proxy on the internal network, a
-- compose service name) or an Ollama channel (type 4, whose default address is localhost) kept
-- working only because private addresses were allowed: it keeps the old behaviour, as an explicit
-- "true" that root can turn off (the channels page warns while it is on). A fresh database, or one
-- whose channels all use their vendor's public default address, gets the new default. An option
-- root has already written is never touched.
INSERT INTO "options" ("key", "value")
SELECT 'ChannelPrivateAddressEnabled', 'true'
WHERE EXISTS (SELECT 1 FROM "channels" WHERE "baseUrl" <> '' OR "type" = 4)
  AND NOT EXISTS (SELECT 1 FROM "options" WHERE "key" = 'ChannelPrivateAddressEnabled');
