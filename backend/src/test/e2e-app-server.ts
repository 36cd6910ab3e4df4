// The browser tests' servers (playwright.config.ts): the production server entry, with password
// hashing at the tests' cost, so a test that signs in several people is not a test of memory speed.
import './affordable-password-cost.ts';

await import('../server.ts');
