/* Broken on purpose: this does not compile, so the bot is not entered, with the end of its
   build log as the reason. */
int main(void) {
    return missing_function(
}
