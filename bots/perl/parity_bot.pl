#!/usr/bin/env perl
# A Salvo bot in Perl 5 (core modules only): hunts on a checkerboard, and after a hit
# fires at the hit's neighbours, then along the line of hits, until the ship sinks.
# Run it with: salvo bench 'perl bots/perl/parity_bot.pl'   (protocol: bots/PROTOCOL.md)
use strict;
use warnings;

$| = 1;    # flush after every line
my ($size, %shot, @mind) = (10);

sub on_grid { my ($x, $y) = @_; return $x >= 0 && $y >= 0 && $x < $size && $y < $size }

sub next_shot {
    my %hit = map { ("$_->[0],$_->[1]" => 1) } @mind;
    my (@ends, @neighbours);
    for my $h (@mind) {
        for my $d ([1, 0], [-1, 0], [0, 1], [0, -1]) {
            my ($x, $y) = ($h->[0] + $d->[0], $h->[1] + $d->[1]);
            next if !on_grid($x, $y) || $shot{"$x,$y"};
            push @neighbours, [$x, $y];
            push @ends, [$x, $y] if $hit{ ($h->[0] - $d->[0]) . "," . ($h->[1] - $d->[1]) };
        }
    }
    my @targets = @ends ? @ends : @neighbours;
    return @{ $targets[int rand @targets] } if @targets;
    my (@even, @any);
    for my $y (0 .. $size - 1) {
        for my $x (0 .. $size - 1) {
            next if $shot{"$x,$y"};
            push @any, [$x, $y];
            push @even, [$x, $y] if ($x + $y) % 2 == 0;
        }
    }
    my @pool = @even ? @even : @any;
    return @{ $pool[int rand @pool] };
}

while (my $line = <STDIN>) {
    my @w = split ' ', $line;
    next unless @w;
    if ($w[0] eq 'salvo') {
        print "name perl-parity\n";
    } elsif ($w[0] eq 'new-game') {
        ($size, %shot, @mind) = ($w[1]);
        srand($w[4] % 4294967296);
        print "ready\n";
    } elsif ($w[0] eq 'your-turn') {
        my ($x, $y) = next_shot();
        $shot{"$x,$y"} = 1;
        print "shot $x $y\n";
    } elsif ($w[0] eq 'result') {
        if ($w[3] eq 'hit') { push @mind, [$w[1], $w[2]] }
        elsif ($w[3] eq 'sunk') { @mind = () }
    } elsif ($w[0] eq 'quit') {
        last;
    }
}
