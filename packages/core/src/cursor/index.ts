export {
  CURSOR_VERSION,
  DEFAULT_CURSOR_TTL_SECONDS,
  MAX_CURSOR_LENGTH,
  decodeCursor,
  encodeCursor,
} from "./cursor.js";
export type { CursorPayload, DecodedCursor } from "./cursor.js";
