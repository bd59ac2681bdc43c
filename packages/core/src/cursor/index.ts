export type { CursorPayload, DecodedCursor } from "./cursor.js";
export {
  CURSOR_VERSION,
  DEFAULT_CURSOR_TTL_SECONDS,
  decodeCursor,
  encodeCursor,
  MAX_CURSOR_LENGTH,
} from "./cursor.js";
