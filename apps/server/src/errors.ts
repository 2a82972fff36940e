/** An error whose message is safe to show to the user, with the HTTP status to answer with. */
export class UserFacingError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The body field that was wrong, answered beside the message (never inside it: the message is the catalogue's). */
    readonly field?: string,
  ) {
    super(message);
  }
}
