import { Type } from 'typebox';
import { ErrorResponse } from '../../routes/shared';
import { CUSTOMER_TOKEN_HEADER } from './customers';

/** The customer phone API's schemas: who sends, what each send takes and answers, and the thread. */

export const CustomerHeaders = Type.Object({
  [CUSTOMER_TOKEN_HEADER]: Type.Optional(
    Type.String({ description: 'The random token of the browser that owns the pretend customer number' }),
  ),
});

export const SandboxNumber = Type.Object({
  phone_number_id: Type.String(),
  display_phone_number: Type.String(),
  verified_name: Type.String(),
});

/** Who is texting, in every send: the business number, the customer's name and number, a username that hides it. */
function senderFields() {
  return {
    phone_number_id: Type.String(),
    name: Type.String(),
    phone_number: Type.String(),
    username: Type.Optional(Type.String({ maxLength: 64 })),
  };
}

export const PhoneMessageBody = Type.Object({
  ...senderFields(),
  text: Type.String(),
  context_message_id: Type.Optional(Type.String()),
});

export const PhoneMessageSent = Type.Object({
  id: Type.String({ description: 'The wamid of the customer’s message' }),
  wa_id: Type.String(),
  delivered: Type.Boolean({ description: 'Whether our webhook acknowledged the first delivery' }),
  webhook: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('not_subscribed')]),
});

export const ThreadQuery = Type.Object({ phone_number_id: Type.String(), wa_id: Type.String() });

const Side = Type.Union([Type.Literal('customer'), Type.Literal('business')]);

export const Thread = Type.Object({
  business: SandboxNumber,
  wa_id: Type.String(),
  typing: Type.Boolean(),
  promotions_stopped: Type.Boolean(),
  messages: Type.Array(
    Type.Object({
      id: Type.String(),
      from: Side,
      text: Type.String(),
      timestamp: Type.String({ format: 'date-time' }),
      context: Type.Union([
        Type.Object({
          id: Type.String(),
          from: Type.Union([Side, Type.Null()]),
          text: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
      ]),
      typed: Type.Optional(Type.Boolean()),
      status: Type.Union([Type.Literal('sent'), Type.Literal('delivered'), Type.Literal('read'), Type.Null()]),
      reactions: Type.Array(Type.Object({ from: Side, emoji: Type.String() })),
      media: Type.Union([
        Type.Object({
          kind: Type.String(),
          media_id: Type.Union([Type.String(), Type.Null()]),
          caption: Type.Union([Type.String(), Type.Null()]),
          filename: Type.Union([Type.String(), Type.Null()]),
          location: Type.Union([
            Type.Object({
              latitude: Type.Number(),
              longitude: Type.Number(),
              name: Type.Union([Type.String(), Type.Null()]),
              address: Type.Union([Type.String(), Type.Null()]),
            }),
            Type.Null(),
          ]),
        }),
        Type.Null(),
      ]),
    }),
  ),
});

export const PhoneLocationBody = Type.Object({
  ...senderFields(),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  place_name: Type.Optional(Type.String({ maxLength: 200 })),
  address: Type.Optional(Type.String({ maxLength: 500 })),
});

export const PhoneReactionBody = Type.Object({
  ...senderFields(),
  message_id: Type.String({ maxLength: 256, description: 'The wamid of the business’s message' }),
  emoji: Type.String({ maxLength: 32, description: 'One emoji; an empty string takes the reaction back' }),
});

export const PromotionsBody = Type.Object({
  ...senderFields(),
  value: Type.String({ description: "'stop' or 'resume'" }),
});

export const PromotionsChanged = Type.Object({
  promotions_stopped: Type.Boolean(),
  webhook: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('not_subscribed')]),
});

export const DayPassedBody = Type.Object(senderFields());

export const DayPassedOnPhone = Type.Object({
  hours: Type.Integer({ description: 'How far back the thread moved' }),
  window_closes_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const MediaQuery = Type.Object({
  phone_number_id: Type.String(),
  wa_id: Type.String(),
  media_id: Type.String(),
});

/** What a customer's send looks like in the API: a message of theirs, answered 201 with its wamid and webhook outcome. */
export function customerSendSchema<Body>(summary: string, body: Body) {
  return {
    tags: ['sandbox'],
    summary,
    headers: CustomerHeaders,
    body,
    response: { 201: PhoneMessageSent, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
  };
}
