import { PASSWORD_COST } from '../auth/password.ts';

// Real scrypt, at a cost tests can afford dozens of times on a busy 2-core machine: the
// production cost (128 MiB a hash) is checked in password.test.ts, and every stored hash names
// its own cost, so verifying takes the same path either way.
PASSWORD_COST.N = 2 ** 12;
