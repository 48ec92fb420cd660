/** FNV-1a of an id, cut to `shards`: the same shard for the same entry, spread evenly over random uuids. */
export function hashShard(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}
