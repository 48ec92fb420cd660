import { ApiError } from '../errors';
import type { BatchGetExtra, Key } from './batch-get-extras';
import { batchGet } from './list-index';
import { keys } from './table';
import type { UserRecord } from './user-record';

interface Flagged {
  enable?: boolean;
  group_uuid?: string;
}

type Disabled = 'PROJECT' | 'GROUP' | undefined;
type Found = Map<string, Record<string, unknown>>;
const item = (found: Found, key: Key) => found.get(`${key.pk}|${key.sk}`) as Flagged | undefined;

/** The user's own projects, groups and societies: known from its record, read together. */
const firstKeys = (user: UserRecord): Key[] => [
  ...user.project_uuids.map(keys.project),
  ...user.group_uuids.map(keys.group),
  ...user.society_uuids.map(keys.society),
];

/** The verdict from the user's own memberships, or the groups of its societies still to read. */
function judgeFirst(user: UserRecord, found: Found): { disabled: Disabled } | { groups: Key[] } {
  if (user.project_uuids.some((uuid) => item(found, keys.project(uuid))?.enable === false))
    return { disabled: 'PROJECT' };
  if (user.group_uuids.some((uuid) => item(found, keys.group(uuid))?.enable === false)) return { disabled: 'GROUP' };
  const societyGroups = [
    ...new Set(user.society_uuids.flatMap((uuid) => item(found, keys.society(uuid))?.group_uuid ?? [])),
  ].filter((uuid) => !user.group_uuids.includes(uuid));
  return societyGroups.length === 0 ? { disabled: undefined } : { groups: societyGroups.map(keys.group) };
}

const judgeGroups = (groups: Key[], found: Found): Disabled =>
  groups.some((key) => item(found, key)?.enable === false) ? 'GROUP' : undefined;

/**
 * Whether the projects and groups a user belongs to are enabled ("Disabled means disabled"): one BatchGet of
 * the user's projects, groups and societies together; a society user's groups not among its own are known only from
 * its societies, and read in a second. The lists are small and bounded by the user's memberships.
 */
export async function disabledMembership(user: UserRecord): Promise<Disabled> {
  const first = judgeFirst(user, await batchGet(firstKeys(user)));
  if ('disabled' in first) return first.disabled;
  return judgeGroups(first.groups, await batchGet(first.groups));
}

export const disabledError = (disabled: 'PROJECT' | 'GROUP') => new ApiError(403, `${disabled}_DISABLED`);

/**
 * The same check joined to the request's BatchGets (batch-get-extras.ts): the user's memberships in its first, a society
 * user's groups in its second. Settling a disabled one throws 403 there; `finish` reads whatever is still unsettled
 * when the request ends (a request that read less than the check needs pays its calls then, as before).
 */
export class BatchedMembershipCheck implements BatchGetExtra {
  private stage: { wanted: Key[]; judge: (found: Found) => void } | undefined;
  private inFlight = false;
  private verdict: { disabled: Disabled } | undefined;

  constructor(private readonly user: UserRecord) {
    const wanted = firstKeys(user);
    if (wanted.length === 0) this.verdict = { disabled: undefined };
    else this.stage = { wanted, judge: (found) => this.afterFirst(found) };
  }

  take(): Key[] {
    if (!this.stage || this.inFlight) return [];
    this.inFlight = true;
    return this.stage.wanted;
  }

  settle(found: Found): void {
    this.apply(found);
    if (this.verdict?.disabled) throw disabledError(this.verdict.disabled);
  }

  private apply(found: Found): void {
    const stage = this.stage;
    this.inFlight = false;
    stage?.judge(found);
  }

  private afterFirst(found: Found): void {
    const first = judgeFirst(this.user, found);
    if ('disabled' in first) {
      this.stage = undefined;
      this.verdict = first;
      return;
    }
    this.stage = {
      wanted: first.groups,
      judge: (more) => {
        this.stage = undefined;
        this.verdict = { disabled: judgeGroups(first.groups, more) };
      },
    };
  }

  /**
   * The verdict, reading on its own what no BatchGet of the request carried: the stage left (a society user's groups),
   * or everything again when a read carrying it failed or is still under way.
   */
  async finish(): Promise<Disabled> {
    while (!this.verdict) {
      if (!this.stage || this.inFlight) this.verdict = { disabled: await disabledMembership(this.user) };
      else this.apply(await batchGet(this.take()));
    }
    return this.verdict.disabled;
  }
}
