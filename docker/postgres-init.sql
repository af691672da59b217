-- One database per service: no service can reach another's tables.
CREATE DATABASE identity;
CREATE DATABASE catalog;
CREATE DATABASE billing;
CREATE DATABASE chat;
