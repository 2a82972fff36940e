/** An error whose message is safe to show to the user, with the HTTP status to answer with. */
export class UserFacingError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
