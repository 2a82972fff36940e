/** The e2e servers' OPERATOR_TOKEN: the outbox and the test gateway's clock answer 404 without it. */
export const operatorToken = 'e2e-operator-token';
export const operatorHeaders = { 'x-operator-token': operatorToken };
export const mailboxLink = `/dev/mailbox?token=${operatorToken}`;
