-- Each service owns its own database (ARCHITECTURE.md: no service reads another's tables).
CREATE DATABASE parley_api;
CREATE DATABASE parley_auth;
