/** The row type, the columns and the mapping of a message now live in the store (`../store/`); kept for importers. */
export { MESSAGE_COLUMNS, MESSAGE_RETURNING, type MessageRow } from '../store/message-fields.js';
export { REACTIONS_OF_M, VISIBLE_IN_CHANNEL } from '../store/message-sql.js';
export { toMessage } from '../store/message-mapping.js';
