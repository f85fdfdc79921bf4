// The journeys in Firefox (tests/engines/journeys.ts).
import { journeys } from './journeys.ts';

journeys('firefox');
