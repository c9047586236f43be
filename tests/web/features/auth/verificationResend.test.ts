import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { accountApi } from '../../../../src/api/account';
import { ApiError } from '../../../../src/api/client';
import { loggedOut } from '../../../../src/features/auth/slice';
import verificationResendSlice, {
  resendVerification,
  verificationEmailResent,
  verificationResendFailed,
  verificationResendRequested,
} from '../../../../src/features/auth/verificationResend';
import { toastShown, type ToastInput } from '../../../../src/features/toasts/slice';

const reduce = (events: UnknownAction[]) =>
  events.reduce(verificationResendSlice.reducer, verificationResendSlice.getInitialState());

const toast = ({ variant = 'default', ...rest }: ToastInput) => ({
  action: { type: toastShown.type, payload: { variant, ...rest } },
});

describe('resending the verification mail', () => {
  describe('resend verification', () => {
    const requested = verificationResendRequested({ email: 'a@b.co' });

    it('goes idle → sending → sent', () => {
      expect(reduce([requested]).status).toBe('sending');
      expect(reduce([requested, verificationEmailResent()]).status).toBe('sent');
    });

    it('goes sending → failed with the message', () => {
      expect(reduce([requested, verificationResendFailed({ message: 'Down' })])).toEqual({
        status: 'failed',
        error: 'Down',
      });
    });

    it('ignores results that arrive while nothing is being sent', () => {
      expect(reduce([verificationEmailResent()]).status).toBe('idle');
      expect(reduce([requested, verificationEmailResent(), verificationResendFailed({ message: 'late' })])).toEqual({
        status: 'sent',
        error: null,
      });
    });
  });

  it('forgets a resend on sign-out', () => {
    expect(reduce([verificationResendRequested({ email: 'a@b.co' }), loggedOut()]).status).toBe('idle');
  });

  describe('resendVerification', () => {
    const event = verificationResendRequested({ email: 'ada@example.com' });

    it('reports the mail as sent', () =>
      expectSaga(resendVerification, event)
        .provide([[matchers.call.fn(accountApi.resendVerification), { message: 'ok' }]])
        .call(accountApi.resendVerification, 'ada@example.com')
        .put(verificationEmailResent())
        .put.like(
          toast({
            title: 'Verification email sent',
            description: 'Please check your inbox and spam folder.',
            variant: 'success',
          }),
        )
        .run());

    it('asks to try later on failure', () =>
      expectSaga(resendVerification, event)
        .provide([[matchers.call.fn(accountApi.resendVerification), throwError(new ApiError('Slow down', 429))]])
        .put(verificationResendFailed({ message: 'Slow down' }))
        .put.like(
          toast({
            title: 'Failed to send verification email',
            description: 'Please try again later.',
            variant: 'destructive',
          }),
        )
        .run());
  });
});
