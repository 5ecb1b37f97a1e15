// The dashboard's refusals (the API's own are in http/errors.ts).
import { AppError } from '../http/errors.ts';

export const DashboardErrors = {
  BadCredentials: () => new AppError(401, 'BAD_CREDENTIALS', 'Email or password is incorrect'),
  TooManyAttempts: (what: string, minutes: number) =>
    Object.assign(new AppError(429, 'TOO_MANY_ATTEMPTS', `Too many ${what}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`), { retryAfterSeconds: minutes * 60 }),
  BadLink: (what: string) => new AppError(403, 'INVALID_LINK', `${what} link is invalid or already used`),
  BadPassword: (problem: string) => new AppError(400, 'BAD_PASSWORD', problem[0]!.toUpperCase() + problem.slice(1)),
  BadEmail: () => new AppError(400, 'INVALID_EMAIL', 'email must be an email address'),
  NotAMember: () => new AppError(404, 'WORKSPACE_NOT_FOUND', 'Workspace not found'),
  MemberNotFound: () => new AppError(404, 'MEMBER_NOT_FOUND', 'Member not found'),
  LastOwner: () => new AppError(409, 'LAST_OWNER', 'A workspace needs at least one owner: make someone else owner first'),
  OwnersOnly: () => new AppError(403, 'OWNERS_ONLY', 'Only an owner can make or change an owner'),
  AlreadyMember: (email: string) => new AppError(409, 'ALREADY_MEMBER', `${email} is already a member of this workspace`),
  SignInToJoin: (email: string) => new AppError(409, 'SIGN_IN_TO_JOIN', `${email} already has a Replydesk account: sign in as ${email} to join this workspace`),
  InvitedSomeoneElse: (email: string) => new AppError(403, 'INVITED_SOMEONE_ELSE', `This invitation is for ${email}: sign in as ${email} to accept it`),
  SetupDone: () => new AppError(409, 'SETUP_DONE', 'Setup is done: sign in instead'),
};
