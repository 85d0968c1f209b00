/**
 * Language tags as sources write them ('en-US', 'pt_PT', 'pt-br', 'zh-Hans', 'English', 'nb-NO')
 * → ISO 639-1. Data: dataset/vocab/languages.json (valid codes + aliases); rules in its README.
 */
import languagesJson from '../../../dataset/vocab/languages.json' with { type: 'json' };
import { foldText } from './text.ts';
import { BoundedMemo } from '../bounded-memo.ts';

const CODES: ReadonlySet<string> = new Set(languagesJson.codes);
const ALIASES: ReadonlyMap<string, string> = new Map(Object.entries(languagesJson.aliases as Record<string, string>));

for (const [alias, code] of ALIASES) {
  if (!CODES.has(code)) throw new Error(`languages.json: alias '${alias}' points to unknown code '${code}'`);
}

/** Memo of normalizeLanguage (a build sees few distinct tags; bounded all the same). */
const MEMO = new BoundedMemo<string, string | null>(10_000);

/** ISO 639-1 code from 'en-US', 'pt_PT', 'German', ...; undefined when not recognisable. */
export function normalizeLanguage(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  return MEMO.get(raw, (r) => languageCode(r) ?? null) ?? undefined;
}

function languageCode(raw: string): string | undefined {
  const folded = foldText(raw);
  if (folded === '') return undefined;
  const whole = ALIASES.get(folded);
  if (whole !== undefined) return whole;
  // BCP 47 / POSIX locale: the primary subtag decides ('pt_PT.UTF-8' → 'pt', 'zh-Hans-CN' → 'zh').
  const primary = folded.split(/[-_.@\s]/)[0] ?? '';
  const aliased = ALIASES.get(primary) ?? primary;
  return CODES.has(aliased) ? aliased : undefined;
}
