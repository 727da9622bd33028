/* No allocations at all: the report must say 0 of everything. */
int main(void) { return 0; }
