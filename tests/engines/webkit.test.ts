// The journeys in WebKit, Safari's engine (tests/engines/journeys.ts).
import { journeys } from './journeys.ts';

journeys('webkit');
