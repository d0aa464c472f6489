import { Type } from 'typebox';
import { StringEnum } from '../../lib/http/schema-helpers.ts';
import { LANGUAGES } from '../../lib/format/format.ts';

/** The portfolio's language and time zone, as its request and its mail schedule take them. */
export const Language = StringEnum(LANGUAGES);
export const TimeZone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone the dates and the schedule read in.' });
