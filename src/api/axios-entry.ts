/**
 * The HTTP client's lazy chunk: axios, announced when the chunk is evaluated (see src/api/axios.ts). The element
 * loaders fetch this chunk with the element, so the first request finds axios here without waiting for an import().
 */
import axios from 'axios';
import { provideResource } from './lazy.ts';

provideResource('axios', axios);

export default axios;
