import type { CrawlerPolicy } from "@crawlgate/client";
import { moved } from "./reorder.js";

/**
 * The content-signal part of the crawler-policy editor: the site's three signals, the ordered
 * per-path overrides and the licence URL, as typed (the API validates and speaks its messages).
 * `toSignals(signalsState(p))` gives back `p`'s fields.
 */

export type SignalKey = "search" | "aiInput" | "aiTrain";
/** `null`: unset (grants and denies nothing). */
export type SignalChoice = "yes" | "no" | null;

export const SIGNAL_KEYS: readonly SignalKey[] = ["search", "aiInput", "aiTrain"];

/** How each signal reads, with the robots.txt / aipref key it becomes. */
export const SIGNAL_LABEL: Record<SignalKey, string> = {
  search: "Search (search)",
  aiInput: "AI answers (ai-input)",
  aiTrain: "AI training (ai-train)",
};

export type ContentSignalsState = Record<SignalKey, SignalChoice>;

export interface SignalPathState extends ContentSignalsState {
  /** A stable key for the list (reordering keeps each override's inputs). */
  key: number;
  /** The path pattern as typed. */
  path: string;
}

export interface SignalsFormState {
  contentSignals: ContentSignalsState;
  paths: SignalPathState[];
  /** The licence URL as typed; blank: none (`null`). */
  licenseUrl: string;
  nextKey: number;
}

type Preferences = Pick<CrawlerPolicy, "contentSignals" | "contentSignalPaths" | "licenseUrl">;

const signalsOf = (s: ContentSignalsState): ContentSignalsState => ({
  search: s.search,
  aiInput: s.aiInput,
  aiTrain: s.aiTrain,
});

/** The form's state of the preferences the API answered. */
export function signalsState(policy: Preferences): SignalsFormState {
  return {
    contentSignals: signalsOf(policy.contentSignals),
    paths: policy.contentSignalPaths.map((o, key) => ({ key, path: o.path, ...signalsOf(o) })),
    licenseUrl: policy.licenseUrl ?? "",
    nextKey: policy.contentSignalPaths.length,
  };
}

/** The preference fields of the `PUT` body: values as typed, a blank licence URL is `null`. */
export function toSignals(state: SignalsFormState): Preferences {
  return {
    contentSignals: signalsOf(state.contentSignals),
    contentSignalPaths: state.paths.map((o) => ({ path: o.path, ...signalsOf(o) })),
    licenseUrl: state.licenseUrl.trim() === "" ? null : state.licenseUrl,
  };
}

/** A select's value of a choice (`""`: unset) and back. */
export const choiceValue = (choice: SignalChoice): string => choice ?? "";
export const choiceOf = (value: string): SignalChoice =>
  value === "yes" || value === "no" ? value : null;

/** A new override at the end: no training on a path to type (an override must set a key). */
export function addSignalPath(state: SignalsFormState): SignalsFormState {
  const entry: SignalPathState = {
    key: state.nextKey,
    path: "",
    search: null,
    aiInput: null,
    aiTrain: "no",
  };
  return { ...state, paths: [...state.paths, entry], nextKey: state.nextKey + 1 };
}

export function removeSignalPath(state: SignalsFormState, index: number): SignalsFormState {
  return { ...state, paths: state.paths.filter((_, i) => i !== index) };
}

/** Moves override `index` by `delta` places (clamped to the list). */
export function moveSignalPath(
  state: SignalsFormState,
  index: number,
  delta: number,
): SignalsFormState {
  const paths = moved(state.paths, index, delta);
  return paths ? { ...state, paths } : state;
}

export function updateSignalPath(
  state: SignalsFormState,
  index: number,
  change: Partial<Omit<SignalPathState, "key">>,
): SignalsFormState {
  return {
    ...state,
    paths: state.paths.map((o, i) => (i === index ? { ...o, ...change } : o)),
  };
}

const ROBOTS_KEY: Record<SignalKey, string> = {
  search: "search",
  aiInput: "ai-input",
  aiTrain: "ai-train",
};

/** How signals read in the summary: `search=yes, ai-train=no` (the keys set), or `none set`. */
export function describeSignals(signals: ContentSignalsState): string {
  const set = SIGNAL_KEYS.filter((k) => signals[k] !== null).map(
    (k) => `${ROBOTS_KEY[k]}=${signals[k]}`,
  );
  return set.length === 0 ? "none set" : set.join(", ");
}
